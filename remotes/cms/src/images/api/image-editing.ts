import {
  UPLOAD_FILE_FIELD,
  contentImageEditingEndpoints as images,
  type ImageEditorRow,
  type PageKey,
  type UpdateImageRequest,
  type UploadImageFields,
} from '@croft/contracts';
import { ApiError, callEndpointMultipart } from '@croft/api-client';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@croft/query';
import { accessToken, callAsStaff } from '../../staff/api/staff-client';

/** Query keys of the image editor: the user id keeps one person's cached answers from another's. */
export const imageEditorKeys = {
  page: (userId: string, page: PageKey) => ['staff', userId, 'images', page] as const,
};

/** Every image of a page's carousels, drafts included, by carousel then order (read on each visit). */
export function imageEditorRowsQuery(userId: string, page: PageKey) {
  return queryOptions({
    queryKey: imageEditorKeys.page(userId, page),
    queryFn: async ({ signal }) => (await callAsStaff(images.listImageEditorRows, { params: { page } }, { signal })).items,
    staleTime: 0,
    meta: { errorMessage: 'The images could not be read' },
  });
}

export function useImageEditorRows(userId: string, page: PageKey) {
  return useQuery(imageEditorRowsQuery(userId, page));
}

export interface UploadImageInput {
  page: PageKey;
  carousel: string;
  fields: UploadImageFields;
  file: Blob;
}

/**
 * Uploads an image (multipart: the file under UPLOAD_FILE_FIELD beside the text fields) with the
 * page's access token; answers the new row (a draft at the end of its carousel).
 */
export async function uploadImage({ page, carousel, fields, file }: UploadImageInput, init?: { signal?: AbortSignal }): Promise<ImageEditorRow> {
  const token = accessToken();
  if (!token) throw new ApiError(401, 'not_signed_in', 'You are not signed in.');
  return callEndpointMultipart(
    {},
    images.uploadImage,
    { params: { page, carousel_name: carousel }, fields, file, fileField: UPLOAD_FILE_FIELD },
    { signal: init?.signal, headers: { authorization: `Bearer ${token}` } },
  );
}

/** The image editor's writes (each answers what the service now has). */
export const imageEditing = {
  upload: uploadImage,
  update: (id: string, body: UpdateImageRequest): Promise<ImageEditorRow> => callAsStaff(images.updateImage, { params: { id }, body }),
  setPublished: (row: Pick<ImageEditorRow, 'id' | 'version'>, published: boolean): Promise<ImageEditorRow> =>
    callAsStaff(images.setImagePublished, { params: { id: row.id }, body: { published, version: row.version } }),
  remove: async (row: Pick<ImageEditorRow, 'id' | 'version'>): Promise<void> =>
    void (await callAsStaff(images.deleteImage, { params: { id: row.id }, query: { version: String(row.version) } })),
  /** Every row of one carousel in its new order; answers that carousel's rows. */
  reorder: async (page: PageKey, carousel: string, ids: readonly string[]): Promise<ImageEditorRow[]> =>
    (await callAsStaff(images.reorderImages, { params: { page, carousel_name: carousel }, body: { ids: [...ids] } })).items,
};

/** An upload as a mutation: on success the new row joins the page's cached list (at the end of its carousel). */
export function useUploadImage(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UploadImageInput) => uploadImage(input),
    onSuccess: (row) => {
      queryClient.setQueryData<ImageEditorRow[]>(imageEditorKeys.page(userId, row.page), (current) => [...(current ?? []), row]);
    },
  });
}
