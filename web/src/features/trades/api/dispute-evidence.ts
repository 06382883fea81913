import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AddDisputeEvidence, DisputeEvidence, DisputeEvidencePage } from '@soleswap/contracts/trades';
import type { UploadedImage } from '@soleswap/contracts/uploads';
import { apiRequest, getJson } from '../../../lib/api-client';
import { tradeKeys } from '../../../lib/query-keys';

/** A disputed trade's evidence from both parties (`GET /api/trades/:id/dispute-evidence`, one page of 20: the most two sides can add). */
export function useDisputeEvidence(tradeId: number) {
  return useQuery({
    queryKey: tradeKeys.disputeEvidence(tradeId),
    queryFn: ({ signal }) => getJson<DisputeEvidencePage>(`/api/trades/${tradeId}/dispute-evidence`, { signal }),
  });
}

/**
 * Uploads each photo to the trade's dispute (`POST /api/trades/:id/dispute-evidence/photos`: checked,
 * re-encoded, metadata dropped, and private: served only to the parties and admins, never under the
 * public `/uploads/`), then adds the note and photos to the dispute.
 */
export function useAddDisputeEvidence(tradeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ note, files }: { note: string; files: File[] }) => {
      const imageUrls: string[] = [];
      for (const file of files) {
        const form = new FormData();
        form.append('file', file);
        imageUrls.push((await apiRequest<UploadedImage>('POST', `/api/trades/${tradeId}/dispute-evidence/photos`, form)).imageUrl);
      }
      const body: AddDisputeEvidence = { ...(note.trim() ? { note: note.trim() } : {}), imageUrls };
      return apiRequest<DisputeEvidence>('POST', `/api/trades/${tradeId}/dispute-evidence`, body);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: tradeKeys.disputeEvidence(tradeId) }),
  });
}
