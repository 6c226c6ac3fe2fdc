// Entry of the workbench page, served at /project/<id> (and at https://typst.app/project/<id>
// in tests). The project id in the URL picks the fixture project; unknown ids get the default.
import { WorkbenchApp } from './app';
import { installControls } from './test-controls';

const root = document.getElementById('app');
if (!root) throw new Error('workbench: #app is missing');
const app = new WorkbenchApp(root);
const projectId = decodeURIComponent(location.pathname.split('/')[2] ?? '') || 'default';
const ready = app.load(projectId).then(() => app.compiler.whenIdle());
installControls(app, document.documentElement.dataset.cmVariant ?? 'current', ready);
ready.catch((error: unknown) => console.error('workbench: loading failed', error));
