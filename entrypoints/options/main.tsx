import { renderPage } from '../../extension/render-page.tsx';
import { App } from './App.tsx';
import './style.css';

renderPage(<App />);
