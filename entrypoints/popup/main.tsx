import { render } from 'preact';
import { App } from './App.tsx';
import { closeOnEscape } from './close-on-escape.ts';
import './style.css';

render(<App />, document.getElementById('app')!);
void closeOnEscape(window);
