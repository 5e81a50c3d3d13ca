import { bootFrame } from './boot.ts';
import './styles.css';

// Listen first, render second (see boot.ts). React and the screens come in their own chunk: the
// document's load event, on which the host posts /report/load, waits only for this entry, so the
// report's definition is requested while that chunk is still being fetched and evaluated.
const frame = bootFrame();
void import('./render-app.tsx').then(({ renderApp }) => renderApp(frame));
