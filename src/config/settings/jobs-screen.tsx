/** The Background jobs screen: emails and other work after a change, each failed one with a retry. */
import { useState } from 'react';
import { okAnswer } from '../../contracts/common';
import { jobsAnswer, type Job } from '../../contracts/site';
import { call } from '../shared/api';
import { DataTable } from '../shared/data-table';
import { errorText, Messages, useLoad } from '../shared/ui';

export function JobsScreen() {
  const [data, loadError, reload] = useLoad(jobsAnswer, '/api/config/jobs');
  const [error, setError] = useState<string | null>(null);
  const retry = (job: Job) => {
    setError(null);
    call(okAnswer, 'POST', `/api/config/jobs/${job.id}/retry`).then(reload, (err: unknown) => setError(errorText(err)));
  };
  return (
    <section>
      <h1>Background jobs</h1>
      <p>Emails and other work the site does after a change. A job that keeps failing stops here until you retry it.</p>
      <Messages error={error ?? loadError} />
      {data ? (
        <>
          <p>
            {Object.entries(data.counts)
              .map(([status, n]) => `${n} ${status}`)
              .join(' · ')}
          </p>
          <DataTable
            rows={data.jobs}
            rowKey={(j) => j.id}
            columns={[
              { header: 'Job', cell: (j) => `#${j.id} ${j.kind}` },
              { header: 'Status', cell: (j) => j.status },
              { header: 'Attempts', cell: (j) => `${j.attempts} of ${j.maxAttempts}` },
              { header: 'Last error', cell: (j) => j.lastError ?? '' },
              { header: 'Actions', cell: (j) => (j.status === 'failed' ? <RetryButton job={j} onRetry={retry} /> : null) },
            ]}
          />
        </>
      ) : null}
    </section>
  );
}

function RetryButton({ job, onRetry }: { job: Job; onRetry: (job: Job) => void }) {
  return (
    <button type="button" onClick={() => onRetry(job)}>
      Retry job {job.id}
    </button>
  );
}
