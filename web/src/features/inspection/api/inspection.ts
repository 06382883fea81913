import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  InspectionAction,
  InspectionJourney,
  InspectionQueuePage,
  InspectionStatus,
  PairDestination,
  TradeInspection,
} from '@soleswap/contracts/inspection';
import type { UploadedImage } from '@soleswap/contracts/uploads';
import { apiRequest, getJson } from '../../../lib/api-client';
import { inspectionKeys, tradeKeys } from '../../../lib/query-keys';

/** One status tab of the inspection queue (`GET /api/inspection/queue`), oldest first. */
export function useInspectionQueue(status: InspectionStatus) {
  return useQuery({
    queryKey: inspectionKeys.queue(status),
    queryFn: ({ signal }) => getJson<InspectionQueuePage>(`/api/inspection/queue?status=${status}&limit=50`, { signal }),
  });
}

/** A via-authentication trade's two pairs, step by step (`GET /api/trades/:id/inspection`). */
export function useTradeInspection(tradeId: number) {
  return useQuery({
    queryKey: inspectionKeys.trade(tradeId),
    queryFn: ({ signal }) => getJson<TradeInspection>(`/api/trades/${tradeId}/inspection`, { signal }),
  });
}

/** Where a pair ready to go is posted (`GET /api/inspection/pairs/:id/destination`); fetched on demand (each read is recorded). */
export function usePairDestination(pairId: number, enabled: boolean) {
  return useQuery({
    queryKey: inspectionKeys.destination(pairId),
    queryFn: ({ signal }) => getJson<PairDestination>(`/api/inspection/pairs/${pairId}/destination`, { signal }),
    enabled,
    staleTime: Infinity,
  });
}

export interface PairStep {
  pairId: number;
  action: InspectionAction;
  body?: { notes?: string; photoUrls?: string[]; trackingNumber?: string };
}

/** One step on a pair (`POST /api/inspection/pairs/:id/<action>`); a step taken twice is refused by the pair's machine. */
export function usePairStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ pairId, action, body }: PairStep) =>
      apiRequest<InspectionJourney>('POST', `/api/inspection/pairs/${pairId}/${action}`, body ?? {}),
    // Not awaited: the step moves the pair to another tab, and the caller's own callbacks (its toast)
    // must run before the refetch unmounts the row that made the call.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: inspectionKeys.all });
      // A step can close the trade (completed or cancelled): its card and its pairs reload.
      void queryClient.invalidateQueries({ queryKey: tradeKeys.all });
    },
  });
}

/** Uploads an inspection photo (`POST /api/uploads`, field `file`); the step then carries its URL. */
export function uploadInspectionPhoto(file: File): Promise<UploadedImage> {
  const form = new FormData();
  form.append('file', file);
  return apiRequest<UploadedImage>('POST', '/api/uploads', form);
}
