/**
 * The Blog screen: the site's blogs and their posts with each post's status (seed 001 §3 labels),
 * and a post's settings — title, slug, status, publish date and time in the site's time zone,
 * author, excerpt, featured image, tags and categories — created, changed and deleted here; a
 * post's content opens in the visual editor (`onEdit({ kind: 'post', id })`). A site with no blog
 * yet is offered one. Read-only roles see the lists and open posts to view them.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { blogAnswer, blogsAnswer, postAnswer, POST_STATUSES, type BlogRow, type PostRow, type PostSettingsInput } from '../../contracts/blog';
import { okAnswer } from '../../contracts/common';
import { EDITOR_LIMITS } from '../../domain/editor-limits';
import { CONTENT_STATUS_LABELS, CONTENT_STATUSES, type ContentStatus } from '../../domain/website';
import { blog as words } from '../../messages/blog';
import { format } from '../../messages/format';
import { systemPages } from '../../messages/system-pages';
import { showConfirmation } from '../../ui/dialogs/show';
import { call } from '../shared/api';
import { DataTable } from '../shared/data-table';
import type { EditorTarget } from '../editor/target';
import { Field } from '../../ui/field';
import { AddListingForm } from '../shared/add-listing-form';
import { LibraryImageButton } from '../shared/file-picker';
import { errorText, Messages, useDoneAfterReload, useLoad, useSave } from '../shared/ui';
import './blog.css';

const statusLabel = (status: number) => CONTENT_STATUS_LABELS[status as ContentStatus] ?? String(status);
const list = (text: string) =>
  text
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);

type Editing = { blog: BlogRow; post?: PostRow };

export function BlogScreen({ writable, onEdit }: { writable: boolean; onEdit: (target: EditorTarget) => void }) {
  const [data, loadError, reload] = useLoad(blogsAnswer, '/api/config/blogs');
  const [editing, setEditing] = useState<Editing | null>(null);
  const { done, setDone, sayAfterReload } = useDoneAfterReload(reload);
  const [error, setError] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const back = (message: string | null) => {
    setEditing(null);
    void sayAfterReload(message).then(() => heading.current?.focus());
  };

  const remove = async (post: PostRow) => {
    const answer = await showConfirmation({
      title: words.deleteTitle,
      text: format(words.deleteText, { title: post.title, path: post.path, visible: post.status === CONTENT_STATUSES.PUBLISHED ? 'yes' : 'no' }),
      confirmLabel: words.deleteConfirm,
    });
    if (answer !== 'confirm') return;
    setError(null);
    setDone(null);
    call(okAnswer, 'DELETE', `/api/config/posts/${post.id}`).then(
      () => back(format(words.postDeleted, { title: post.title })),
      (err: unknown) => setError(errorText(err)),
    );
  };

  if (editing && data) return <PostSettings editing={editing} timeZone={data.timeZone} onDone={back} onCancel={() => back(null)} />;
  return (
    <section className="blog-screen">
      <h1 ref={heading} tabIndex={-1}>
        {words.title}
      </h1>
      <Messages error={loadError ?? error} done={done} />
      {data && data.blogs.length === 0 ? (
        <>
          <p>{words.noBlog}</p>
          {writable ? <AddBlog onAdded={(message) => back(message)} /> : null}
        </>
      ) : null}
      {data?.blogs.map((b) => (
        <section className="blog-posts" key={b.id} aria-labelledby={`blog-${b.id}`}>
          <div className="blog-head">
            <h2 id={`blog-${b.id}`}>{b.title}</h2>
            <a href={`/config/?frameUrl=${encodeURIComponent(b.path)}`}>{b.path}</a>
            {writable ? (
              <button type="button" onClick={() => setEditing({ blog: b })} aria-label={format(words.newPostFor, { blog: b.title })}>
                {words.newPost}
              </button>
            ) : null}
          </div>
          <DataTable
            rows={b.posts}
            rowKey={(p) => p.id}
            rowHeaders
            caption={format(words.postsOf, { blog: b.title })}
            empty={words.noPosts}
            columns={[
              { header: words.postTitle, cell: (p) => p.title },
              { header: words.status, cell: (p) => <span className={`post-status post-status-${p.status}`}>{statusLabel(p.status)}</span> },
              {
                header: words.columnDate,
                cell: (p) => (
                  <time dateTime={p.publishedAt}>
                    {p.publishDate} {p.publishTime}
                  </time>
                ),
              },
              { header: words.address, cell: (p) => p.path },
              {
                header: words.columnActions,
                className: 'row-actions',
                cell: (p) => (
                  <div className="button-row">
                    <button
                      type="button"
                      className="secondary"
                      onClick={() => onEdit({ kind: 'post', id: p.id })}
                      aria-label={`${writable ? words.editContent : words.viewContent}: ${p.title}`}
                    >
                      {writable ? words.editContent : words.viewContent}
                    </button>
                    {writable ? (
                      <>
                        <button
                          type="button"
                          className="secondary"
                          onClick={() => setEditing({ blog: b, post: p })}
                          aria-label={`${words.settings}: ${p.title}`}
                        >
                          {words.settings}
                        </button>
                        <button type="button" className="secondary danger" onClick={() => void remove(p)} aria-label={`${words.delete}: ${p.title}`}>
                          {words.delete}
                        </button>
                      </>
                    ) : null}
                  </div>
                ),
              },
            ]}
          />
        </section>
      ))}
    </section>
  );
}

function AddBlog({ onAdded }: { onAdded: (message: string) => void }) {
  return (
    <AddListingForm
      id="blog-add-title"
      className="blog-add"
      heading={words.addBlog}
      titleLabel={words.blogTitle}
      addressLabel={words.address}
      addressHint={words.blogPathHint}
      button={words.addBlogButton}
      initial={{ title: '', path: '/blog' }}
      send={(body) => call(blogAnswer, 'POST', '/api/config/blogs', body).then((a) => format(words.blogAdded, { title: a.blog.title, path: a.blog.path }))}
      onAdded={onAdded}
    />
  );
}

function PostSettings({
  editing,
  timeZone,
  onDone,
  onCancel,
}: {
  editing: Editing;
  timeZone: string;
  onDone: (message: string) => void;
  onCancel: () => void;
}) {
  const { blog, post } = editing;
  const [form, setForm] = useState({
    title: post?.title ?? '',
    slug: post?.slug ?? '',
    status: (post?.status ?? CONTENT_STATUSES.DRAFT) as PostSettingsInput['status'],
    publishDate: post?.publishDate ?? '',
    publishTime: post?.publishTime ?? '',
    author: post?.author ?? '',
    excerpt: post?.excerpt ?? '',
    thumbnail: post?.thumbnail ?? '',
    tags: post?.tags.join(', ') ?? '',
    categories: post?.categories.join(', ') ?? '',
  });
  const { error, fieldErrors, busy, save } = useSave('');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: key === 'status' ? Number(e.target.value) : e.target.value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body: PostSettingsInput = { ...form, tags: list(form.tags), categories: list(form.categories) };
    let message = '';
    save(
      () =>
        call(postAnswer, post ? 'PUT' : 'POST', post ? `/api/config/posts/${post.id}` : `/api/config/blogs/${blog.id}/posts`, body).then(({ post: saved }) => {
          message =
            saved.status === CONTENT_STATUSES.SCHEDULED
              ? format(words.postScheduled, { title: saved.title, when: `${saved.publishDate} ${saved.publishTime} (${timeZone})` })
              : post
                ? format(words.postSaved, { title: saved.title })
                : format(words.postCreated, { title: saved.title });
        }),
      () => onDone(message),
    );
  };
  const title = post ? format(words.postSettingsFor, { title: post.title }) : format(words.newPostFor, { blog: blog.title });
  return (
    <section className="post-settings" aria-labelledby="post-settings-title">
      <h1 id="post-settings-title" ref={heading} tabIndex={-1}>
        {title}
      </h1>
      <form onSubmit={submit} noValidate aria-labelledby="post-settings-title">
        <Messages error={error} />
        <Field label={words.postTitle} error={fieldErrors.title}>
          {(c) => <input {...c} value={form.title} onChange={set('title')} required maxLength={300} />}
        </Field>
        <Field label={words.slug} error={fieldErrors.slug} hint={words.slugHint}>
          {(c) => <input {...c} value={form.slug} onChange={set('slug')} maxLength={200} />}
        </Field>
        <Field label={words.status} error={fieldErrors.status}>
          {(c) => (
            <select {...c} value={form.status} onChange={set('status')}>
              {POST_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {statusLabel(s)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <fieldset className="post-when">
          <legend>{format(words.publishHint, { timeZone })}</legend>
          <Field label={words.publishDate} error={fieldErrors.publishDate}>
            {(c) => <input {...c} type="date" value={form.publishDate} onChange={set('publishDate')} required={form.status === CONTENT_STATUSES.SCHEDULED} />}
          </Field>
          <Field label={words.publishTime}>
            {(c) => <input {...c} type="time" value={form.publishTime} onChange={set('publishTime')} required={form.status === CONTENT_STATUSES.SCHEDULED} />}
          </Field>
        </fieldset>
        <Field label={words.author} error={fieldErrors.author}>
          {(c) => <input {...c} value={form.author} onChange={set('author')} maxLength={200} />}
        </Field>
        <Field label={words.excerpt} error={fieldErrors.excerpt} hint={words.excerptHint}>
          {(c) => <textarea {...c} value={form.excerpt} onChange={set('excerpt')} rows={3} maxLength={2000} />}
        </Field>
        <Field label={words.thumbnail} error={fieldErrors.thumbnail} hint={words.thumbnailHint}>
          {(c) => <input {...c} value={form.thumbnail} onChange={set('thumbnail')} maxLength={500} />}
        </Field>
        <p className="image-choice-library">
          <LibraryImageButton onPick={(image) => setForm((f) => ({ ...f, thumbnail: image.src }))} />
        </p>
        <Field label={systemPages.tags} error={fieldErrors.tags} hint={format(words.labelsHint, { max: EDITOR_LIMITS.MAX_TAG_LENGTH })}>
          {(c) => <input {...c} value={form.tags} onChange={set('tags')} />}
        </Field>
        <Field label={words.categories} error={fieldErrors.categories} hint={format(words.labelsHint, { max: EDITOR_LIMITS.MAX_CATEGORY_LENGTH })}>
          {(c) => <input {...c} value={form.categories} onChange={set('categories')} />}
        </Field>
        <div className="button-row">
          <button type="submit" disabled={busy}>
            {post ? words.savePost : words.createPost}
          </button>
          <button type="button" className="secondary" onClick={onCancel}>
            {words.cancel}
          </button>
        </div>
      </form>
    </section>
  );
}
