import { businessPhotoRules } from '@tarifa/contract';
import type { Caller } from '../../core/tenancy';
import { AppError } from '../../lib/errors';
import { changeBusiness, type BusinessesDeps } from './change';
import { diff, toBusinessPhoto } from './mapping';
import { detectPhotoType } from './photos';

/** The photo gallery of a business: its rows, and their images in the file store. */
export function gallery(deps: BusinessesDeps) {
  const requirePhotoStore = () => {
    if (!deps.photos) throw new Error('businessesService was built without a photo store');
    return deps.photos;
  };

  return {
    /**
     * Adds a gallery photo (PNG, JPEG or WebP, recognised by content): the image is stored in the
     * same transaction as its row, so a refused change keeps neither.
     */
    async addPhoto(caller: Caller, businessUuid: string, bytes: Buffer) {
      const type = detectPhotoType(bytes);
      if (!type) {
        throw new AppError('unsupported_media_type', 'A photo must be a PNG, JPEG or WebP image', [
          { path: 'file', code: 'invalid_image', message: 'Not a PNG, JPEG or WebP image' },
        ]);
      }
      const store = requirePhotoStore();
      const { business } = await changeBusiness(
        deps,
        caller,
        businessUuid,
        undefined,
        async (ctx) => {
          if ((await ctx.repo.countPhotos()) >= businessPhotoRules.maxPerBusiness) {
            throw AppError.field(
              'file',
              'too_many',
              'This business has as many photos as allowed',
              {
                maximum: businessPhotoRules.maxPerBusiness,
              },
            );
          }
          const filename = await store
            .in(ctx.tx)
            .write(bytes, type, { businessUuid: ctx.row.uuid });
          const row = await ctx.repo.insertPhoto({
            filename,
            contentType: type.contentType,
            sizeBytes: bytes.length,
          });
          const { id, ...photo } = toBusinessPhoto(row);
          ctx.record({
            action: 'create',
            entity: 'photo',
            entityId: id,
            entityName: null,
            changes: diff(undefined, photo),
          });
        },
      );
      return business;
    },

    async removePhoto(
      caller: Caller,
      businessUuid: string,
      photoId: string,
      version: number | undefined,
    ) {
      const { business } = await changeBusiness(
        deps,
        caller,
        businessUuid,
        version,
        async (ctx) => {
          const row = await ctx.repo.deletePhoto(photoId);
          if (!row) throw AppError.notFound('Photo');
          // In the same transaction: a rolled-back delete keeps its image.
          await requirePhotoStore().in(ctx.tx).remove(row.filename);
          const { id, ...photo } = toBusinessPhoto(row);
          ctx.record({
            action: 'delete',
            entity: 'photo',
            entityId: id,
            entityName: null,
            changes: diff(photo, undefined),
          });
        },
      );
      return business;
    },
  };
}
