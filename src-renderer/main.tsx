import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { createContractApi } from './contract/contract-client.ts';
import './app/app.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

if (window.linkdock) {
  const api = createContractApi(window.linkdock);
  createRoot(root).render(
    <StrictMode>
      <App api={api} />
    </StrictMode>,
  );
} else {
  root.textContent = 'Linkdock could not reach its main process. Restart the app.';
}
