import { z } from 'zod';

/**
 * The path parameters of the Power BI REST routes. Bodies and answers come from the REST
 * contract (`@vitrina/bi-model/rest`), which callers parse too; paths are this service's own.
 */
export const groupParams = z.object({ groupId: z.string() });
export const reportParams = groupParams.extend({ reportId: z.string() });
export const dashboardParams = groupParams.extend({ dashboardId: z.string() });
export const tileParams = dashboardParams.extend({ tileId: z.string() });
export const datasetParams = groupParams.extend({ datasetId: z.string() });
