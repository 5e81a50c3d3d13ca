import {
  authoringDatasetListSchema,
  renameReportSchema,
  datasetImportSchema,
  datasetRefreshListSchema,
  datasetSummaryListSchema,
  datasetTableSchema,
  tablePreviewSchema,
  refreshNowRequestSchema,
  tableTypesRequestSchema,
  createEmbedSchema,
  editReportSchema,
  savedReportRequestSchema,
  accountListSchema,
  accountSchema,
  connectionTestRequestSchema,
  connectionTestSchema,
  putRlsIdentityRequestSchema,
  rlsIdentityListSchema,
  aboutSchema,
  ssoSessionRequestSchema,
  userOriginListSchema,
  providerGroupListSchema,
  groupPermissionListSchema,
  putGroupPermissionsRequestSchema,
  authenticatedUserSchema,
  createAccountRequestSchema,
  createUserRequestSchema,
  errorResponseSchema,
  favoriteRequestSchema,
  favoriteResponseSchema,
  loginRequestSchema,
  logoutResponseSchema,
  changePasswordRequestSchema,
  permissionListSchema,
  publicConfigSchema,
  putPermissionsRequestSchema,
  putReportUsersRequestSchema,
  refreshTokenRequestSchema,
  reportAccessSchema,
  reportUsersSchema,
  resetPasswordRequestSchema,
  updateAccountRequestSchema,
  updateUserRequestSchema,
  userListSchema,
  userSchema,
  viewerReportSchema,
  reportExportSchema,
  startExportSchema,
  sendNowRequestSchema,
  reportPagesSchema,
  subscriptionBodySchema,
  subscriptionRunSchema,
  subscriptionRunsSchema,
  subscriptionSchema,
  subscriptionsSchema,
  subscriptionViewSchema,
  unsubscribeAnswerSchema,
  unsubscribeQuerySchema,
  createReviewSchema,
  putReviewLinesSchema,
  reviewListSchema,
  reviewSchema,
} from '@vitrina/contracts';

/** What a Zod schema offers, seen structurally (the web app does not depend on Zod itself). */
interface Schema {
  safeParse(
    value: unknown,
  ):
    | { success: true }
    | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
}

/** An upload's body or a download's answer: the file itself, not JSON (the double keeps text). */
const rawFileSchema: Schema = {
  safeParse: (value) =>
    typeof value === 'string' && value.length > 0
      ? { success: true }
      : { success: false, error: { issues: [{ path: [], message: 'expected the file' }] } },
};

/** Exportar's routes start here (issue 27). */
const exportRoute = 'viewer/report/:uid/export';

export interface ContractRoute {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** Below `/api/`, in MSW's path syntax. */
  path: string;
  /** The body's schema; routes without one take no body. */
  request?: Schema;
  /** The success answer's schema; routes without one answer 204 with no body. */
  response?: Schema;
}

/**
 * The portal API routes the web app calls, each with the contracts' schemas the server declares
 * for it. The test double answers only these, so it cannot drift from the contract.
 */
export const contractRoutes: ContractRoute[] = [
  { method: 'get', path: 'public-config', response: publicConfigSchema },
  { method: 'get', path: 'infraestructure/about', response: aboutSchema },
  {
    method: 'post',
    path: 'user/authenticate',
    request: loginRequestSchema,
    response: authenticatedUserSchema,
  },
  {
    method: 'post',
    path: 'user/refreshtoken',
    request: refreshTokenRequestSchema,
    response: authenticatedUserSchema,
  },
  {
    method: 'post',
    path: 'auth/oidc/session',
    request: ssoSessionRequestSchema,
    response: authenticatedUserSchema,
  },
  {
    method: 'post',
    path: 'user/logout',
    request: refreshTokenRequestSchema,
    response: logoutResponseSchema,
  },
  {
    method: 'put',
    path: 'user/changepassword',
    request: changePasswordRequestSchema,
    response: userSchema,
  },
  { method: 'get', path: 'user', response: userListSchema },
  { method: 'get', path: 'user/origins', response: userOriginListSchema },
  { method: 'post', path: 'user', request: createUserRequestSchema, response: userSchema },
  { method: 'put', path: 'user', request: updateUserRequestSchema, response: userSchema },
  { method: 'put', path: 'user/reset', request: resetPasswordRequestSchema, response: userSchema },
  { method: 'delete', path: 'user/:id' },
  { method: 'get', path: 'user/:id/permissions', response: permissionListSchema },
  {
    method: 'put',
    path: 'user/permissions',
    request: putPermissionsRequestSchema,
    response: permissionListSchema,
  },
  { method: 'delete', path: 'user/permissions/:id' },
  { method: 'get', path: 'groups', response: providerGroupListSchema },
  { method: 'get', path: 'groups/:name/permissions', response: groupPermissionListSchema },
  {
    method: 'put',
    path: 'groups/:name/permissions',
    request: putGroupPermissionsRequestSchema,
    response: groupPermissionListSchema,
  },
  { method: 'get', path: 'account/:id', response: accountListSchema },
  { method: 'post', path: 'account', request: createAccountRequestSchema, response: accountSchema },
  { method: 'put', path: 'account', request: updateAccountRequestSchema, response: accountSchema },
  { method: 'delete', path: 'account/:id' },
  {
    method: 'post',
    path: 'account/:id/test',
    request: connectionTestRequestSchema,
    response: connectionTestSchema,
  },
  { method: 'get', path: 'account/:id/identities', response: rlsIdentityListSchema },
  { method: 'put', path: 'account/:id/identities', request: putRlsIdentityRequestSchema },
  { method: 'delete', path: 'account/:id/identities/:identityId' },
  {
    method: 'post',
    path: 'favorite',
    request: favoriteRequestSchema,
    response: favoriteResponseSchema,
  },
  { method: 'delete', path: 'favorite/:reportId', response: favoriteResponseSchema },
  { method: 'get', path: 'administration/reports/accounts', response: accountListSchema },
  { method: 'get', path: 'administration/report/:id/users', response: reportUsersSchema },
  { method: 'get', path: 'administration/report/:id/access', response: reportAccessSchema },
  {
    method: 'put',
    path: 'administration/report/:id/users',
    request: putReportUsersRequestSchema,
    response: reportUsersSchema,
  },
  { method: 'get', path: 'viewer/report/:uid', response: viewerReportSchema },
  // Exportar (issue 27): the file answer is the file itself.
  { method: 'post', path: exportRoute, request: startExportSchema, response: reportExportSchema },
  { method: 'get', path: `${exportRoute}/:exportId`, response: reportExportSchema },
  { method: 'delete', path: `${exportRoute}/:exportId`, response: reportExportSchema },
  { method: 'get', path: `${exportRoute}/:exportId/file`, response: rawFileSchema },
  // Authoring (issue 13, administrators only).
  { method: 'get', path: 'viewer/report/:uid/edit', response: editReportSchema },
  {
    method: 'get',
    path: 'authoring/account/:id/workspace/:workspaceId/datasets',
    response: authoringDatasetListSchema,
  },
  {
    method: 'get',
    path: 'authoring/account/:id/workspace/:workspaceId/dataset/:datasetId/create',
    response: createEmbedSchema,
  },
  { method: 'post', path: 'authoring/saved-report', request: savedReportRequestSchema },
  { method: 'patch', path: 'authoring/report/:uid', request: renameReportSchema },
  { method: 'delete', path: 'authoring/report/:uid' },
  // The Datos page (issue 12, administrators only).
  {
    method: 'get',
    path: 'datasets/account/:id/workspace/:workspaceId',
    response: datasetSummaryListSchema,
  },
  {
    method: 'post',
    path: 'datasets/account/:id/workspace/:workspaceId/upload',
    request: rawFileSchema,
    response: datasetImportSchema,
  },
  {
    method: 'get',
    path: 'datasets/account/:id/workspace/:workspaceId/import/:importId',
    response: datasetImportSchema,
  },
  {
    method: 'put',
    path: 'datasets/account/:id/workspace/:workspaceId/dataset/:datasetId/table/:table',
    request: tableTypesRequestSchema,
    response: datasetTableSchema,
  },
  {
    method: 'get',
    path: 'datasets/account/:id/workspace/:workspaceId/dataset/:datasetId/table/:table/preview',
    response: tablePreviewSchema,
  },
  {
    method: 'post',
    path: 'datasets/account/:id/workspace/:workspaceId/dataset/:datasetId/refresh',
    request: refreshNowRequestSchema,
  },
  {
    method: 'get',
    path: 'datasets/account/:id/workspace/:workspaceId/dataset/:datasetId/refreshes',
    response: datasetRefreshListSchema,
  },
  { method: 'delete', path: 'datasets/account/:id/workspace/:workspaceId/dataset/:datasetId' },
  { method: 'get', path: 'subscriptions', response: subscriptionsSchema },
  { method: 'get', path: 'subscriptions/pages', response: reportPagesSchema },
  {
    method: 'post',
    path: 'subscriptions',
    request: subscriptionBodySchema,
    response: subscriptionSchema,
  },
  {
    method: 'put',
    path: 'subscriptions/:id',
    request: subscriptionBodySchema,
    response: subscriptionSchema,
  },
  { method: 'delete', path: 'subscriptions/:id' },
  {
    method: 'post',
    path: 'subscriptions/:id/send',
    request: sendNowRequestSchema,
    response: subscriptionRunSchema,
  },
  { method: 'get', path: 'subscriptions/:id/runs', response: subscriptionRunsSchema },
  { method: 'get', path: 'subscriptions/:id/view', response: subscriptionViewSchema },
  {
    method: 'post',
    path: 'subscriptions/unsubscribe',
    request: unsubscribeQuerySchema,
    response: unsubscribeAnswerSchema,
  },
  // Revisiones de acceso (issue 30, administrators only); the evidence answers are the files.
  { method: 'get', path: 'reviews', response: reviewListSchema },
  { method: 'post', path: 'reviews', request: createReviewSchema, response: reviewSchema },
  { method: 'get', path: 'reviews/:id', response: reviewSchema },
  {
    method: 'put',
    path: 'reviews/:id/lines',
    request: putReviewLinesSchema,
    response: reviewSchema,
  },
  { method: 'get', path: 'reviews/:id/csv', response: rawFileSchema },
  { method: 'get', path: 'reviews/:id/pdf', response: rawFileSchema },
];

function check(schema: Schema, value: unknown, what: string): string[] {
  const result = schema.safeParse(value);
  if (result.success) return [];
  return result.error.issues.map(
    (issue) => `${what}: ${issue.path.map(String).join('.') || '(raíz)'} ${issue.message}`,
  );
}

/** Where a request and the double's answer to it differ from the contract (empty when they agree). */
export function contractViolations(
  route: ContractRoute,
  body: unknown,
  answer: { status: number; body?: unknown },
): string[] {
  const problems = route.request
    ? check(route.request, body, 'request')
    : body === undefined
      ? []
      : ['request: this route takes no body'];
  if (answer.status >= 400)
    return [...problems, ...check(errorResponseSchema, answer.body, 'error')];
  if (!route.response) {
    return answer.status === 204 && answer.body === undefined
      ? problems
      : [...problems, 'answer: this route answers 204 with no body'];
  }
  return [...problems, ...check(route.response, answer.body, `answer ${answer.status}`)];
}
