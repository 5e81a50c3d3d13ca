import { queryOptions } from '@tanstack/react-query';
import type {
  CreateReview,
  PutReviewLines,
  Review,
  ReviewEvidenceFormat,
  ReviewSummary,
} from '@vitrina/contracts';
import { api } from '../../../lib/api.ts';

export const reviewsQuery = () =>
  queryOptions({
    queryKey: ['reviews'] as const,
    queryFn: () => api.get<ReviewSummary[]>('reviews'),
  });

export const reviewQuery = (id: number) =>
  queryOptions({
    queryKey: ['reviews', id] as const,
    queryFn: () => api.get<Review>(`reviews/${id}`),
  });

export const startReview = (body: CreateReview) => api.post<Review>('reviews', body);

export const decideLines = (id: number, body: PutReviewLines) =>
  api.put<Review>(`reviews/${id}/lines`, body);

/** The review as evidence: a Spanish CSV file, or a PDF. */
export const reviewEvidence = (id: number, format: ReviewEvidenceFormat) =>
  api.file(`reviews/${id}/${format}`);
