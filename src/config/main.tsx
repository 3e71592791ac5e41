/** The config area's entry: mounts the app, and shows the system error panel when a call is refused for the role (seed 000 §8). */
import { createRoot } from 'react-dom/client';
import { listenForSystemErrors } from '../ui/dialogs/system-error-events';
import { App } from './app';
import 'virtual:design-tokens.css';
import './config.css';

listenForSystemErrors();
const root = document.getElementById('root');
if (root) createRoot(root).render(<App />);
