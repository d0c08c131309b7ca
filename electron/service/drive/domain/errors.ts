import { ApiError, badRequest } from '../../http/api-error';

/** Drive's own error answers (reasons and messages as Drive words them). */
export const driveErrors = {
  fileNotFound: (fileId: string) =>
    new ApiError(404, 'notFound', `File not found: ${fileId}.`, { location: 'fileId', locationType: 'parameter' }),
  driveNotFound: (driveId: string) =>
    new ApiError(404, 'notFound', `Shared drive not found: ${driveId}`, {
      location: 'driveId',
      locationType: 'parameter',
    }),
  permissionNotFound: (permissionId: string) =>
    new ApiError(404, 'notFound', `Permission not found: ${permissionId}.`, {
      location: 'permissionId',
      locationType: 'parameter',
    }),
  commentNotFound: (commentId: string) =>
    new ApiError(404, 'notFound', `Comment not found: ${commentId}.`, {
      location: 'commentId',
      locationType: 'parameter',
    }),
  replyNotFound: (replyId: string) =>
    new ApiError(404, 'notFound', `Reply not found: ${replyId}.`, { location: 'replyId', locationType: 'parameter' }),
  revisionNotFound: (revisionId: string) =>
    new ApiError(404, 'notFound', `Revision not found: ${revisionId}.`, {
      location: 'revisionId',
      locationType: 'parameter',
    }),
  insufficientPermissions: (message = 'The user does not have sufficient permissions for this file.') =>
    new ApiError(403, 'insufficientFilePermissions', message),
  invalid: (location: string, message = 'Invalid Value') => badRequest('invalid', message, location),
  required: (location: string, message = 'Required') => badRequest('required', message, location),
  fieldsRequired: () => badRequest('required', "The 'fields' parameter is required for this method.", 'fields'),
};
