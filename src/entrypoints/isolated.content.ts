import { defineContentScript } from 'wxt/utils/define-content-script';
import { main } from '../page/isolated/main';

export default defineContentScript({
  matches: ['https://typst.app/*'],
  runAt: 'document_start',
  allFrames: false,
  main,
});
