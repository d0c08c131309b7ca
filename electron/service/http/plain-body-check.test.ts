import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { operations } from '../../../shared/api';
import { CalendarEventInput } from '../../../shared/api/schemas/calendar';
import { plainCheckOf, unjudged } from './plain-body-check';

/** Deterministic pseudo-random numbers (a failure can be replayed). */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Def {
  type: string;
  innerType?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  entries?: Record<string, string>;
  checks?: { _zod: { def: { check: string; maximum?: number; value?: number } } }[];
}

/** A value for `schema`: mostly valid, sometimes at or past a bound, of the wrong type, null or with extra keys. */
function sample(schema: z.ZodType, rnd: () => number, depth = 0): unknown {
  const def = schema._zod.def as unknown as Def;
  const odd = rnd() < 0.04;
  if (odd) {
    const pick = Math.floor(rnd() * 6);
    return [null, 'text', 3, 1.5, true, [] as unknown[]][pick];
  }
  const max = def.checks?.find((c) => c._zod.def.check === 'max_length')?._zod.def.maximum;
  switch (def.type) {
    case 'optional':
    case 'nullable':
      return rnd() < 0.05 ? (def.type === 'optional' ? undefined : null) : sample(def.innerType!, rnd, depth);
    case 'string': {
      if (max !== undefined && rnd() < 0.1) return 'x'.repeat(rnd() < 0.5 ? max : max + 1);
      return rnd() < 0.5 ? 'plain text' : `é ${Math.floor(rnd() * 1000)}`;
    }
    case 'boolean':
      return rnd() < 0.5;
    case 'number': {
      const bounds = (def.checks ?? []).map((c) => c._zod.def.value).filter((v) => typeof v === 'number');
      if (bounds.length > 0 && rnd() < 0.3) {
        const b = bounds[Math.floor(rnd() * bounds.length)]!;
        return b + [-1, 0, 1, 0.5][Math.floor(rnd() * 4)]!;
      }
      return [0, 1, 10, -5, 2.5, 2 ** 53, 1e9][Math.floor(rnd() * 7)];
    }
    case 'enum': {
      const values = Object.values(def.entries ?? {});
      return rnd() < 0.9 ? values[Math.floor(rnd() * values.length)] : 'notAValue';
    }
    case 'array': {
      if (depth > 4) return [];
      // Bounds of a few items are tried at and past the bound; longer ones would make slow tests.
      const atBound = max !== undefined && max <= 30 && rnd() < 0.1;
      const length = atBound ? max + (rnd() < 0.5 ? 0 : 1) : Math.floor(rnd() * 3);
      return Array.from({ length }, () => sample(def.element!, rnd, depth + 1));
    }
    case 'object': {
      if (depth > 4) return {};
      const keys = Object.keys(def.shape ?? {});
      const chosen = keys.filter(() => rnd() < Math.min(1, 6 / Math.max(1, keys.length)));
      if (rnd() < 0.5) chosen.sort(() => rnd() - 0.5);
      const out: Record<string, unknown> = {};
      for (const key of chosen) out[key] = sample(def.shape![key]!, rnd, depth + 1);
      if (rnd() < 0.05) out.notAField = 'x';
      return out;
    }
    default:
      return rnd() < 0.5 ? { any: 'thing' } : 'x';
  }
}

/** The plain reading answers only what the schema answers, keys in the same order. */
function expectAgrees(schema: z.ZodType, value: unknown): 'plain' | 'schema' {
  const plain = plainCheckOf(schema)(value);
  const parsed = schema.safeParse(value);
  if (plain === unjudged) return 'schema';
  expect(parsed.success, `the schema refuses ${JSON.stringify(value)}`).toBe(true);
  expect(JSON.stringify(plain)).toBe(JSON.stringify(parsed.data));
  expect(plain).toEqual(parsed.data);
  return 'plain';
}

describe('plain reading of request bodies', () => {
  it('answers an event body as the schema does, fields in the schema order', () => {
    const body = {
      summary: 'Planning',
      description: 'Bring the numbers.',
      location: 'Room 4',
      start: { timeZone: 'Europe/Paris', dateTime: '2031-01-01T09:00:00+01:00' },
      end: { dateTime: '2031-01-01T10:00:00+01:00' },
      attendees: [
        { email: 'ana@example.com', optional: true },
        { responseStatus: 'accepted', email: 'b@x.y' },
      ],
      reminders: { useDefault: false, overrides: [{ method: 'popup', minutes: 10 }] },
      colorId: null,
    };
    expect(expectAgrees(CalendarEventInput, body)).toBe('plain');
    const plain = plainCheckOf(CalendarEventInput)(body) as Record<string, unknown>;
    expect(Object.keys(plain)).toEqual(Object.keys(CalendarEventInput.parse(body)));
    expect(Object.keys(plain.start as object)).toEqual(['dateTime', 'timeZone']);
    // Already in order: the body itself.
    const ordered = { description: 'd', summary: 's' };
    expect(plainCheckOf(CalendarEventInput)(ordered)).toBe(ordered);
  });

  it('leaves to the schema what it does not read: bounds passed, wrong types, refinements, unknown keys', () => {
    const check = plainCheckOf(CalendarEventInput);
    const refused = [
      { summary: 3 },
      { summary: 'x'.repeat(100_000) },
      { attendees: [{ additionalGuests: -1 }] },
      { attendees: [{ additionalGuests: 1.5 }] },
      { reminders: { overrides: Array.from({ length: 6 }, () => ({ method: 'popup', minutes: 1 })) } },
      { reminders: { overrides: [{ method: 'popup', minutes: 40321 }] } },
      { status: 'done' },
      { start: 'tomorrow' },
      { extendedProperties: { private: { a: 'b' } } },
      { conferenceData: { parameters: { addOnParameters: { parameters: { a: 'b' } } } } },
      { notAField: 1 },
      { start: { dateTime: '2031-01-01T09:00:00Z', zone: 'UTC' } },
      [],
      'text',
      null,
    ];
    for (const body of refused) expect(check(body), JSON.stringify(body)).toBe(unjudged);
    expect(check({ reminders: { overrides: [{ method: 'popup', minutes: 40320 }] } })).not.toBe(unjudged);
  });

  it('agrees with the schema of every operation on generated bodies', () => {
    let plain = 0;
    for (const [name, spec] of Object.entries(operations)) {
      const schema = (spec as { request?: z.ZodType }).request;
      if (!schema) continue;
      const rnd = random(name.length * 7919 + name.charCodeAt(0));
      for (let i = 0; i < 150; i++) {
        const value = sample(schema, rnd);
        if (expectAgrees(schema, value) === 'plain') plain += 1;
      }
    }
    // Most generated bodies are plain enough to be judged without the schema.
    expect(plain).toBeGreaterThan(1000);
  });
});
