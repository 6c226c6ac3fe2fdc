import { main } from '../../panel/main';

const root = document.getElementById('app');
if (root) void main(root);
