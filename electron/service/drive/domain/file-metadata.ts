import { nearestPaletteIndex } from '../../common/nearest-color';
import { ApiError, badRequest } from '../../http/api-error';
import { withoutNulls } from '../../http/merge-patch';
import { fileIdPattern } from './ids';
import {
  maxFileDescriptionBytes,
  maxFileNameBytes,
  maxFileProperties,
  maxIndexableTextLength,
  maxPropertyBytes,
} from '../../../../shared/api/schemas/drive';
import { maxTextLength } from '../../../../shared/api/schemas/limits';

/** The writable part of a file resource as a request supplies it, checked and typed. */
export interface FileMetadataInput {
  id?: string;
  name?: string;
  mimeType?: string;
  parents?: string[];
  description?: string | null;
  starred?: boolean;
  trashed?: boolean;
  properties?: Record<string, string | null>;
  appProperties?: Record<string, string | null>;
  folderColorRgb?: string;
  createdTime?: string;
  modifiedTime?: string;
  viewedByMeTime?: string;
  copyRequiresWriterPermission?: boolean;
  writersCanShare?: boolean;
  originalFilename?: string;
  indexableText?: string;
}

export type MetadataMode = 'create' | 'update' | 'copy';

/** Fields a client may send but that carry no meaning to store (ignored, as Drive does). */
const ignored = new Set([
  'kind',
  'contentHints',
  'shortcutDetails',
  'contentRestrictions',
  'downloadRestrictions',
  'inheritedPermissionsDisabled',
  'labelInfo',
  'driveId',
  'teamDriveId',
  'resourceKey',
]);

const writable: Record<MetadataMode, ReadonlySet<string>> = {
  create: new Set([
    'id',
    'name',
    'mimeType',
    'parents',
    'description',
    'starred',
    'trashed',
    'properties',
    'appProperties',
    'folderColorRgb',
    'createdTime',
    'modifiedTime',
    'viewedByMeTime',
    'copyRequiresWriterPermission',
    'viewersCanCopyContent',
    'writersCanShare',
    'originalFilename',
  ]),
  copy: new Set([
    'id',
    'name',
    'mimeType',
    'parents',
    'description',
    'starred',
    'properties',
    'appProperties',
    'createdTime',
    'modifiedTime',
    'viewedByMeTime',
    'copyRequiresWriterPermission',
    'viewersCanCopyContent',
    'writersCanShare',
    'originalFilename',
  ]),
  update: new Set([
    'name',
    'mimeType',
    'description',
    'starred',
    'trashed',
    'properties',
    'appProperties',
    'folderColorRgb',
    'modifiedTime',
    'viewedByMeTime',
    'copyRequiresWriterPermission',
    'viewersCanCopyContent',
    'writersCanShare',
    'originalFilename',
  ]),
};

const notWritable = (field: string) =>
  new ApiError(403, 'fieldNotWritable', `The resource body includes fields which are not directly writable: ${field}.`);

const invalidField = (field: string, why: string) => badRequest('invalid', `Invalid value for ${field}: ${why}`, field);

const rfc3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i;
/**
 * Upload metadata does not pass the request schema, so its bounds (docs/limits.md) are checked here too.
 * A string longer than `max` bytes is refused.
 */
function checkBytes(field: string, value: string, max: number): void {
  if (value.length > max || Buffer.byteLength(value) > max) throw invalidField(field, `longer than ${max} bytes`);
}

export function parseFileMetadata(raw: unknown, mode: MetadataMode): FileMetadataInput {
  if (raw === undefined || raw === null) return {};
  if (typeof raw !== 'object' || Array.isArray(raw))
    throw badRequest('parseError', 'The request body must be a JSON object.');
  // Only an update is a patch: elsewhere a null, at any depth, means "not set".
  const body = (mode === 'update' ? raw : withoutNulls(raw)) as Record<string, unknown>;
  const out: FileMetadataInput = {};
  for (const [key, value] of Object.entries(body)) {
    if (value === undefined) continue;
    // Clearing a field nobody writes changes nothing.
    if (value === null && !writable[mode].has(key)) continue;
    if (ignored.has(key)) {
      if (key !== 'contentHints') continue;
      const hints = value as { indexableText?: unknown } | null;
      if (hints && typeof hints === 'object' && typeof hints.indexableText === 'string') {
        if (hints.indexableText.length > maxIndexableTextLength)
          throw invalidField('contentHints.indexableText', `longer than ${maxIndexableTextLength} characters`);
        out.indexableText = hints.indexableText;
      }
      continue;
    }
    if (!writable[mode].has(key)) throw notWritable(key);
    switch (key) {
      case 'id':
        if (typeof value !== 'string' || !fileIdPattern.test(value)) throw invalidField('id', 'not a usable file id');
        out.id = value;
        break;
      case 'name':
      case 'mimeType':
      case 'originalFilename':
        if (typeof value !== 'string') throw invalidField(key, 'must be a string');
        checkBytes(key, value, key === 'mimeType' ? maxTextLength : maxFileNameBytes);
        if (key === 'mimeType' && !/^[\w.+-]+\/[\w.+-]+$/.test(value)) throw invalidField(key, 'not a MIME type');
        out[key] = value;
        break;
      case 'description':
        if (value !== null && typeof value !== 'string') throw invalidField(key, 'must be a string');
        if (typeof value === 'string') checkBytes(key, value, maxFileDescriptionBytes);
        out.description = value as string | null;
        break;
      case 'parents':
        if (!Array.isArray(value) || value.some((p) => typeof p !== 'string' || p === ''))
          throw invalidField(key, 'must be a list of folder ids');
        out.parents = value as string[];
        break;
      case 'starred':
      case 'trashed':
      case 'copyRequiresWriterPermission':
      case 'writersCanShare':
        if (typeof value !== 'boolean') throw invalidField(key, 'must be true or false');
        out[key] = value;
        break;
      case 'viewersCanCopyContent':
        if (typeof value !== 'boolean') throw invalidField(key, 'must be true or false');
        out.copyRequiresWriterPermission ??= !value;
        break;
      case 'properties':
      case 'appProperties':
        out[key] = parseProperties(key, value);
        break;
      case 'folderColorRgb':
        if (typeof value !== 'string' || !/^#?[0-9a-f]{6}$/i.test(value))
          throw invalidField(key, 'must be an RGB hex string');
        out.folderColorRgb = closestFolderColor(value);
        break;
      case 'createdTime':
      case 'modifiedTime':
      case 'viewedByMeTime':
        if (typeof value !== 'string' || !rfc3339.test(value) || Number.isNaN(Date.parse(value)))
          throw invalidField(key, 'must be an RFC 3339 date-time');
        out[key] = new Date(value).toISOString();
        break;
    }
  }
  return out;
}

function parseProperties(field: string, value: unknown): Record<string, string | null> {
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw invalidField(field, 'must be an object');
  const out: Record<string, string | null> = {};
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length > maxFileProperties) throw invalidField(field, `at most ${maxFileProperties} properties`);
  for (const [k, v] of entries) {
    if (v !== null && typeof v !== 'string') throw invalidField(`${field}.${k}`, 'values must be strings or null');
    if (k === '') throw invalidField(field, 'keys must not be empty');
    if (Buffer.byteLength(k) + Buffer.byteLength(v ?? '') > maxPropertyBytes) {
      throw invalidField(`${field}.${k}`, `key and value together exceed ${maxPropertyBytes} bytes`);
    }
    out[k] = v;
  }
  return out;
}

/** Drive's folder colour palette; any other colour is replaced by the nearest of these. */
export const folderColorPalette = [
  '#ac725e',
  '#d06b64',
  '#f83a22',
  '#fa573c',
  '#ff7537',
  '#ffad46',
  '#42d692',
  '#16a765',
  '#7bd148',
  '#b3dc6c',
  '#fbe983',
  '#fad165',
  '#92e1c0',
  '#9fe1e7',
  '#9fc6e7',
  '#4986e7',
  '#9a9cff',
  '#b99aff',
  '#8f8f8f',
  '#cabdbf',
  '#cca6ac',
  '#f691b2',
  '#cd74e6',
  '#a47ae2',
] as const;

export function closestFolderColor(color: string): string {
  return folderColorPalette[nearestPaletteIndex(color, folderColorPalette)]!;
}
