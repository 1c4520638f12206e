import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RoadmapItem, RoadmapItemInput } from '../../../schemas/documents.js';
import { httpClient } from '../providers/http.js';

/** /api/roadmapItems (simple-rest), through the one transport. */
const roadmapApi = {
  async list(): Promise<RoadmapItem[]> {
    const { json } = await httpClient(`/api/roadmapItems?range=${encodeURIComponent('[0,499]')}`);
    return Array.isArray(json) ? (json as RoadmapItem[]) : [];
  },
  async save(id: number | undefined, input: RoadmapItemInput): Promise<RoadmapItem> {
    const { json } = await httpClient(id ? `/api/roadmapItems/${id}` : '/api/roadmapItems', {
      method: id ? 'PUT' : 'POST',
      body: JSON.stringify(input),
    });
    return json as RoadmapItem;
  },
  async remove(id: number): Promise<void> {
    await httpClient(`/api/roadmapItems/${id}`, { method: 'DELETE' });
  },
};

export function useRoadmap() {
  return useQuery({ queryKey: ['roadmapItems'], queryFn: roadmapApi.list });
}

export function useRoadmapWrites() {
  const client = useQueryClient();
  const onSuccess = () => client.invalidateQueries({ queryKey: ['roadmapItems'] });
  return {
    save: useMutation({ mutationFn: (v: { id?: number; input: RoadmapItemInput }) => roadmapApi.save(v.id, v.input), onSuccess }),
    remove: useMutation({ mutationFn: (id: number) => roadmapApi.remove(id), onSuccess }),
  };
}
