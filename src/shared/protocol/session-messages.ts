// Panel -> worker methods for chats (sessions). The worker is the only storage
// owner; the panel asks. Spread into panel-to-worker.ts with their handlers in
// src/worker/handlers/session.handlers.ts.
import { z } from '../schema/zod';
import { AgentModeSchema } from './agent-modes';
import { IdSchema, boundedArray, boundedString } from '../schema/bounded';
import {
  ApiWritesSchema,
  ChatScopeSchema,
  ChatTurnSchema,
  SessionMetaSchema,
  UserTurnSchema,
} from './chat-records';
import type { MethodSpec } from './define-channel';

/** Largest import file accepted (16 MiB of JSON text). */
export const MAX_IMPORT_CHARS = 16 * 1_048_576;

export const SessionWithTurnsSchema = z.strictObject({
  meta: SessionMetaSchema,
  turns: boundedArray(ChatTurnSchema, 2_000),
});
export type SessionWithTurns = z.infer<typeof SessionWithTurnsSchema>;

export const sessionRequestMethods = {
  /** Chats of one scope, newest first; metadata only. */
  'session/list': {
    request: z.strictObject({ scope: ChatScopeSchema }),
    response: boundedArray(SessionMetaSchema, 10_000),
  },
  /** Chats of every scope, optionally filtered by a text query over names and content. */
  'session/search': {
    request: z.strictObject({ query: boundedString(200) }),
    response: boundedArray(SessionMetaSchema, 10_000),
  },
  /** `corruptTurns`: stored turns that failed validation and were skipped (absent when none). */
  'session/get': {
    request: z.strictObject({ sessionId: IdSchema }),
    response: SessionWithTurnsSchema.extend({ corruptTurns: z.number().int().min(1).optional() }),
  },
  'session/create': {
    request: z.strictObject({ scope: ChatScopeSchema, name: boundedString(200).optional() }),
    response: SessionMetaSchema,
  },
  'session/rename': {
    request: z.strictObject({ sessionId: IdSchema, name: boundedString(200).min(1) }),
    response: SessionMetaSchema,
  },
  /**
   * Saves the chat's agent mode. A run already going keeps the mode it was sent
   * with; the new one applies from the next message.
   */
  'session/set-mode': {
    request: z.strictObject({ sessionId: IdSchema, agentMode: AgentModeSchema }),
    response: SessionMetaSchema,
  },
  /**
   * Saves or removes (null) the chat's leave for network writes (/allow-api). Like
   * the mode, a run already going keeps what it was sent with.
   */
  'session/set-api-writes': {
    request: z.strictObject({ sessionId: IdSchema, apiWrites: ApiWritesSchema.nullable() }),
    response: SessionMetaSchema,
  },
  'session/delete': {
    request: z.strictObject({ sessionId: IdSchema }),
    response: z.strictObject({ deleted: z.boolean() }),
  },
  /** Deletes every chat of a scope (Settings → Sessions, after confirmation). */
  'session/delete-scope': {
    request: z.strictObject({ scope: ChatScopeSchema }),
    response: z.strictObject({ deleted: z.number().int().min(0) }),
  },
  /** Appends the user's turn (after run/reserve); writes only that turn. */
  'session/append-user-turn': {
    request: z.strictObject({ sessionId: IdSchema, turn: UserTurnSchema }),
    response: SessionMetaSchema,
  },
  'session/storage-usage': {
    request: z.strictObject({}),
    response: z.strictObject({
      bytes: z.number().int().min(0),
      warningBytes: z.number().int().min(0),
      isOverWarning: z.boolean(),
    }),
  },
  /** A versioned export of every chat: no keys, headers, trust, revert copies or snapshots. */
  'session/export': {
    request: z.strictObject({}),
    response: z.strictObject({
      json: z.string().max(MAX_IMPORT_CHARS),
      sessionCount: z.number().int().min(0),
    }),
  },
  /** Imports an export file record by record; invalid records are counted, never written. */
  'session/import': {
    request: z.strictObject({ json: z.string().max(MAX_IMPORT_CHARS) }),
    response: z.strictObject({
      imported: z.number().int().min(0),
      rejected: z.number().int().min(0),
      errors: boundedArray(boundedString(300), 20),
    }),
  },
} as const satisfies Record<string, MethodSpec>;
