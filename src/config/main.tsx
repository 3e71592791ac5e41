/** The config area's entry: mounts the app. */
import { createRoot } from 'react-dom/client';
import { App } from './app';
import './config.css';

const root = document.getElementById('root');
if (root) createRoot(root).render(<App />);
