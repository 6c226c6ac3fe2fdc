import { mountTracesPage } from '../../panel/traces/traces-page';

const root = document.getElementById('app');
if (root) mountTracesPage(root);
