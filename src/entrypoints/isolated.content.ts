import { defineContentScript } from 'wxt/utils/define-content-script';
import { main } from '../page/isolated/main';
import { installContentScriptMatches } from '../sites/manifest-sites';

export default defineContentScript({
  matches: installContentScriptMatches(),
  runAt: 'document_start',
  allFrames: false,
  main,
});
