import { renderPage } from '../../extension/render-page.tsx';
import { App } from './App.tsx';
import { closeOnEscape } from './close-on-escape.ts';
import './style.css';

renderPage(<App />);
void closeOnEscape(window);
