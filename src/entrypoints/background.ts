import { defineBackground } from 'wxt/utils/define-background';
import { main } from '../worker/main';

export default defineBackground({ type: 'module', main });
