import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import { main } from '../page/main/main';

export default defineUnlistedScript(main);
