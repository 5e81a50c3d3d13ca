import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { bootFrame } from './boot.ts';
import './styles.css';

// Listen first, render second (see boot.ts).
const session = bootFrame();
createRoot(document.getElementById('root')!).render(<App session={session} />);
