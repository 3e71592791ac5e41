/** The config area's entry: mounts the app, and shows the system error panel when a call is refused for the role (seed 000 §8). */
// The design tokens, the shell's stylesheet and the one every screen shares come first, so a screen's own rules follow them.
import 'virtual:design-tokens.css';
import './shell/shell.css';
import './shared/shared.css';
import { createRoot } from 'react-dom/client';
import { listenForSystemErrors } from '../ui/dialogs/system-error-events';
import { App } from './shell/app';

listenForSystemErrors();
const root = document.getElementById('root');
if (root) createRoot(root).render(<App />);
