// The shell passes its `worker` client to these components: it must fit the
// narrower client types they declare.
import { expectTypeOf } from 'vitest';
import { worker } from '../worker-client';
import type {
  IntegrationsViewClient,
  SessionsClient,
  SettingsClient,
  SettingsViewClient,
} from './panel-client';

expectTypeOf(worker).toMatchTypeOf<SettingsViewClient>();
expectTypeOf(worker).toMatchTypeOf<SettingsClient>();
expectTypeOf(worker).toMatchTypeOf<SessionsClient>();
expectTypeOf(worker).toMatchTypeOf<IntegrationsViewClient>();
