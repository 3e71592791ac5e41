/** The Activity screen: the site's activity log, newest first. */
import { activityAnswer } from '../../contracts/site';
import { Messages, useLoad } from '../shared/ui';
import './team.css';

export function ActivityScreen() {
  const [data, error] = useLoad(activityAnswer, '/api/config/activity');
  return (
    <section>
      <h1>Activity</h1>
      <Messages error={error} />
      {data && data.entries.length === 0 ? <p>No changes yet.</p> : null}
      {data ? (
        <ol className="activity">
          {data.entries.map((e) => (
            <li key={e.id}>
              <time dateTime={e.createdAt}>{new Date(e.createdAt).toLocaleString()}</time> {e.email ?? 'someone no longer on the team'}: {e.action}
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}
