/**
 * The Blog screen's calls (src/contracts/blog.ts), all through `configRoute` in the `pages` area:
 * listing the site's blogs and posts (read), adding a blog, and creating, changing and deleting a
 * post (write). The rules are in ../services/blog-posts.ts; here each refusal gets its status.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { blogBody, postSettingsBody } from '../../../../contracts/blog';
import { hexId } from '../../../../document/primitives';
import type { Db } from '../../../../db/client';
import { blog } from '../../../../messages/blog';
import { configRoute } from '../../accounts';
import { createBlog, createPost, deletePost, listBlogs, updatePost, type BlogOutcome } from '../blog-posts';

/** The id an address names, or undefined with a 404 sent: a malformed id names nothing of the site. */
function idOf(req: FastifyRequest, reply: FastifyReply, key: 'blogId' | 'itemId'): string | undefined {
  const parsed = z.object({ [key]: hexId }).safeParse(req.params);
  if (parsed.success) return parsed.data[key];
  void reply.code(404).send({ error: key === 'blogId' ? blog.noBlogWithId : blog.noPostWithId });
  return undefined;
}

function answer<T>(reply: FastifyReply, outcome: BlogOutcome<T>, wrap: (value: T) => unknown) {
  if (outcome.ok) return wrap(outcome.value);
  const { refusal } = outcome;
  if (refusal.kind === 'notFound') return reply.code(404).send({ error: refusal.error });
  return reply.code(400).send({ error: refusal.error, errors: refusal.errors });
}

export async function registerBlogApi(app: FastifyInstance, db: Db) {
  configRoute(app, db, {
    method: 'GET',
    url: '/api/config/blogs',
    area: 'pages',
    access: 'read',
    handler: async ({ site }) => listBlogs(db, site),
  });

  configRoute(app, db, {
    method: 'POST',
    url: '/api/config/blogs',
    area: 'pages',
    access: 'write',
    body: blogBody,
    handler: async ({ reply, site, account, body }) => answer(reply, await createBlog(db, site, account.id, body), (b) => ({ blog: b })),
  });

  configRoute(app, db, {
    method: 'POST',
    url: '/api/config/blogs/:blogId/posts',
    area: 'pages',
    access: 'write',
    body: postSettingsBody,
    handler: async ({ req, reply, site, account, body }) => {
      const blogId = idOf(req, reply, 'blogId');
      if (!blogId) return reply;
      return answer(reply, await createPost(db, site, blogId, account.id, body), (post) => ({ post }));
    },
  });

  configRoute(app, db, {
    method: 'PUT',
    url: '/api/config/posts/:itemId',
    area: 'pages',
    access: 'write',
    body: postSettingsBody,
    handler: async ({ req, reply, site, account, body }) => {
      const itemId = idOf(req, reply, 'itemId');
      if (!itemId) return reply;
      return answer(reply, await updatePost(db, site, itemId, account.id, body), (post) => ({ post }));
    },
  });

  configRoute(app, db, {
    method: 'DELETE',
    url: '/api/config/posts/:itemId',
    area: 'pages',
    access: 'write',
    handler: async ({ req, reply, site, account }) => {
      const itemId = idOf(req, reply, 'itemId');
      if (!itemId) return reply;
      return answer(reply, await deletePost(db, site, itemId, account.id), (ok) => ok);
    },
  });
}
