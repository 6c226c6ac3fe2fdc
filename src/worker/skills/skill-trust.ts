// ## Owns
// A skill's trust identity: SHA-256 over the skill's id, name and parsed manifest
// (canonical JSON), so trusting a skill covers exactly the tools it declares now
// and any change to a tool (address, schema, kind, description) asks again.
// Instructions are not part of it: they never run anything on their own.
import { canonicalJson, sha256Hex } from '../integrations/trust-fingerprint';
import type { SkillRecord } from './skill-store';

/** The fingerprint of a skill's tools as parsed now; null for a skill without tools. */
export async function fingerprintSkill(skill: SkillRecord): Promise<string | null> {
  if (skill.parsed?.manifest == null) return null;
  return sha256Hex(
    canonicalJson({ id: skill.id, name: skill.parsed.name, manifest: skill.parsed.manifest }),
  );
}

/** Whether the person trusts this skill's tools exactly as they are now. */
export async function isSkillTrusted(skill: SkillRecord): Promise<boolean> {
  const fingerprint = await fingerprintSkill(skill);
  return fingerprint !== null && skill.trustedFingerprint === fingerprint;
}
