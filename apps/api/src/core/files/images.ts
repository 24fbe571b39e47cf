import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { Executor } from '../../db/client';
import { storedImageContentType, type ImageType } from '../../lib/images';
import { fileStore, type FileKind } from './store';

export type ImageKind = Extract<FileKind, 'avatar' | 'business_photo'>;

/**
 * Uploaded images (avatars, gallery photos) in the file store, under public names: 128 random
 * bits in hex and the type's extension, so nobody can guess one, and never reused. Built on the
 * database or a transaction (`in(tx)`: written or removed with the change that needs it).
 */
export function imageStore(db: Executor, kind: ImageKind) {
  const files = fileStore(db);
  return {
    /** Stores an image (within its kind's limit) and answers its new name. */
    async write(
      bytes: Buffer,
      type: ImageType,
      owner: { userUuid: string } | { businessUuid: string },
    ): Promise<string> {
      const name = `${randomBytes(16).toString('hex')}.${type.ext}`;
      await files.write({ kind, name, contentType: type.contentType, ...owner }, bytes);
      return name;
    },

    /** Removes an image; one already gone (or a name not ours) is not an error. */
    async remove(name: string | null | undefined): Promise<void> {
      if (name && storedImageContentType(name)) await files.removeNamed(kind, name);
    },

    /**
     * Answers the image of that name with its type, length and a year of caching (names are never
     * reused: a new image gets a new name), streamed chunk by chunk; undefined when there is none
     * (the caller's 404). The handler returns the reply it answers.
     */
    async send(reply: FastifyReply, name: string): Promise<FastifyReply | undefined> {
      const contentType = storedImageContentType(name);
      const file = contentType ? await files.named(kind, name) : undefined;
      if (!file) return undefined;
      reply.type(contentType!).header('content-length', file.size);
      reply.header('cache-control', 'public, max-age=31536000, immutable');
      return reply.send(files.read(file));
    },

    in: (tx: Executor) => imageStore(tx, kind),
  };
}
export type ImageStore = ReturnType<typeof imageStore>;
