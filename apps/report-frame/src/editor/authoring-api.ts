/** The BI service's authoring calls (@vitrina/bi-model authoring.ts), over the frame's BiClient. */
import type {
  EmbedDataset,
  NewReportRequest,
  SaveRevisionRequest,
  SavedReport,
} from '@vitrina/bi-model';
import { answered, type BiClient } from '../api/bi-client.ts';
import { editorShapes } from '../api/editor-shapes.ts';

const path = encodeURIComponent;

export async function saveRevision(
  client: BiClient,
  reportId: string,
  request: SaveRevisionRequest,
): Promise<number> {
  const response = await client.postJson(
    `/v1.0/embed/reports/${path(reportId)}/revisions`,
    request,
  );
  return (await answered(response, editorShapes, 'RevisionResponse')).revision;
}

export async function saveReportAs(
  client: BiClient,
  reportId: string,
  request: NewReportRequest,
): Promise<SavedReport> {
  return postForReport(client, `/v1.0/embed/reports/${path(reportId)}/saveAs`, request);
}

export async function createReport(
  client: BiClient,
  datasetId: string,
  request: NewReportRequest,
): Promise<SavedReport> {
  return postForReport(client, `/v1.0/embed/datasets/${path(datasetId)}/reports`, request);
}

/** Save as and create both answer with the report they made. */
async function postForReport(
  client: BiClient,
  url: string,
  request: NewReportRequest,
): Promise<SavedReport> {
  return answered(await client.postJson(url, request), editorShapes, 'SavedReport');
}

export async function getDataset(client: BiClient, datasetId: string): Promise<EmbedDataset> {
  const response = await client.send(`/v1.0/embed/datasets/${path(datasetId)}`);
  return answered(response, editorShapes, 'EmbedDataset');
}
