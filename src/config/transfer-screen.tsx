/** The Import and export screen: the whole site as one file to download, and a site document to import in its place. */
import { useState } from 'react';
import type { Me } from '../contracts/auth';
import { okAnswer } from '../contracts/common';
import { call, refusalOf } from './api';
import { errorText, Messages } from './ui';
import { configArea } from '../messages/config-area';

export function TransferScreen({ me }: { me: Me }) {
  const [error, setError] = useState<string | null>(null);
  const [problems, setProblems] = useState<{ path: string; message: string }[]>([]);
  const [done, setDone] = useState<string | null>(null);
  return (
    <section>
      <h1>{configArea.importExportTitle}</h1>
      <p>The whole site — settings, pages, collections, redirects and files — as one file you can keep or move to another server.</p>
      <p>
        <a className="button" href="/api/config/export" download={`${me.site.identifier}.site.json`}>
          Export this site
        </a>
      </p>
      <label>
        Import a site document (replaces this site)
        <input
          type="file"
          accept="application/json,.json"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (!file) return;
            setError(null);
            setDone(null);
            setProblems([]);
            file
              .text()
              .then((text) => call(okAnswer, 'POST', '/api/config/import', JSON.parse(text) as Record<string, unknown>))
              .then(
                () => setDone('Imported. The published site shows the new content now.'),
                (err: unknown) => {
                  setError(errorText(err));
                  setProblems(refusalOf(err).documentErrors ?? []);
                },
              );
          }}
        />
      </label>
      <Messages error={error} done={done} />
      {problems.length > 0 ? (
        <ul className="problems">
          {problems.map((p) => (
            <li key={p.path + p.message}>
              <code>{p.path}</code>: {p.message}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
