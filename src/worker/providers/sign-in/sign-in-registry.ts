// The provider sign-in flows. Adding one is a file beside this one plus one line here
// (and one entry in the shared list the panel offers buttons from).
import type { SignInProvider } from '../../../shared/models/provider-sign-in';
import { openRouterSignIn } from './openrouter-sign-in';
import type { SignInFlow } from './sign-in-flow';

const FLOWS: Readonly<Record<SignInProvider['id'], SignInFlow>> = {
  openrouter: openRouterSignIn,
};

export const signInFlowOf = (id: SignInProvider['id']): SignInFlow => FLOWS[id];
