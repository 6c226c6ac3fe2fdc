// New problems shown outside the transcript (a send that failed, a chat that could
// not load) are said once, in the person's words, when they appear.
import { useContext, useEffect, useRef } from 'preact/hooks';
import type { ProtocolError } from '../../shared/protocol/envelope';
import { announcer } from '../components/announcer';
import { ErrorSurroundingsContext } from './error-surroundings';
import { personError } from './error-text';

/** Announces each error of `errors` once, the first time it is shown. */
export function useAnnounceErrors(errors: readonly ProtocolError[]): void {
  const { modelHost } = useContext(ErrorSurroundingsContext);
  const said = useRef(new WeakSet<ProtocolError>());
  useEffect(() => {
    for (const error of errors) {
      if (said.current.has(error)) continue;
      said.current.add(error);
      announcer.announce(personError(error.code, { modelHost }).text, 'assertive');
    }
  }, [errors, modelHost]);
}
