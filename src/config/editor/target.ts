/**
 * What the editor has open: a page or a blog post. Both are edited the same way through the same
 * four calls (src/contracts/editor.ts), under `/api/config/editor/pages/{id}` or
 * `/api/config/editor/posts/{id}`, and opened at `/config/pages/{id}` or `/config/posts/{id}`.
 */
export type EditorTarget = { kind: 'page' | 'post'; id: string };

const SEGMENT = { page: 'pages', post: 'posts' } as const;

/** The address of the target's editor calls; `…/draft` and `…/publish` hang below it. */
export function editorApi(target: EditorTarget): string {
  return `/api/config/editor/${SEGMENT[target.kind]}/${encodeURIComponent(target.id)}`;
}

/** The config area's address of the editor with the target open, so a reload comes back to it. */
export function editorAddress(target: EditorTarget): string {
  return `/config/${SEGMENT[target.kind]}/${encodeURIComponent(target.id)}`;
}

const ADDRESS = /^\/config\/(pages|posts)\/([A-Za-z0-9_-]{1,64})$/;

/** The target an editor address names, if the address is one. */
export function editorTargetAt(pathname: string): EditorTarget | undefined {
  const match = ADDRESS.exec(pathname);
  if (!match) return undefined;
  return { kind: match[1] === 'posts' ? 'post' : 'page', id: match[2]! };
}
