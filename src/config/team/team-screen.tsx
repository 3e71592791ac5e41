/** The Team screen: the site's team and their roles, invitations, and handing the site to another member. */
import { useState } from 'react';
import type { Me } from '../../contracts/auth';
import { okAnswer } from '../../contracts/common';
import { invitationsAnswer, teamAnswer, type Member } from '../../contracts/site';
import { canAccess } from '../../domain/permissions';
import { TEAM_ROLES, teamRoleLabel } from '../../domain/roles';
import { showConfirmation } from '../../ui/dialogs/show';
import { call } from '../shared/api';
import { DataTable } from '../shared/data-table';
import { errorText, Messages, useLoad } from '../shared/ui';

const ROLE_CHOICES = Object.values(TEAM_ROLES);

export function TeamScreen({ me }: { me: Me }) {
  const [data, loadError, reload] = useLoad(teamAnswer, '/api/config/team');
  const [error, setError] = useState<string | null>(null);
  const writable = me.role !== null && canAccess(me.role, 'team', 'write');
  const act = (p: Promise<unknown>) => {
    setError(null);
    p.then(reload, (err: unknown) => setError(errorText(err)));
  };
  const [invites, , reloadInvites] = useLoad(invitationsAnswer, '/api/config/team/invitations');
  const [email, setEmail] = useState('');
  const [role, setRoleChoice] = useState<number>(TEAM_ROLES.EDITOR);
  const [invited, setInvited] = useState<string | null>(null);
  // Handing over makes the member an administrator and this one a website manager, in one step.
  const handOver = async (m: Member) => {
    const answer = await showConfirmation({
      title: 'Hand the site over?',
      text: `${m.email} becomes an administrator of this site, and you become its website manager. Only an administrator can make you an administrator again.`,
      confirmLabel: 'Hand over',
    });
    if (answer !== 'confirm') return;
    setError(null);
    call(okAnswer, 'POST', `/api/config/team/${m.accountId}/transfer-ownership`, { yourNewRole: TEAM_ROLES.WEBSITE_MANAGER }).then(
      () => window.location.reload(),
      (err: unknown) => setError(errorText(err)),
    );
  };
  return (
    <section>
      <h1>Team</h1>
      {writable ? (
        <form
          className="inline-form"
          aria-label="Invite a team member"
          onSubmit={(e) => {
            e.preventDefault();
            setError(null);
            setInvited(null);
            call(okAnswer, 'POST', '/api/config/team/invitations', { email, role }).then(
              () => {
                setInvited(`Invitation sent to ${email}.`);
                setEmail('');
                reloadInvites();
              },
              (err: unknown) => setError(errorText(err)),
            );
          }}
        >
          <label>
            Email to invite
            <input type="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
          </label>
          <label>
            Role
            <select value={role} onChange={(e) => setRoleChoice(Number(e.target.value))}>
              {ROLE_CHOICES.map((r) => (
                <option key={r} value={r}>
                  {teamRoleLabel(r)}
                </option>
              ))}
            </select>
          </label>
          <button type="submit">Send invitation</button>
        </form>
      ) : null}
      <Messages error={error ?? loadError} done={invited} />
      {data ? (
        <DataTable
          rows={data.members}
          rowKey={(m) => m.accountId}
          columns={[
            { header: 'Email', cell: (m) => m.email },
            {
              header: 'Role',
              cell: (m) =>
                writable ? (
                  <RoleChoice member={m} onChange={(role) => act(call(okAnswer, 'PUT', `/api/config/team/${m.accountId}`, { role }))} />
                ) : (
                  teamRoleLabel(m.role)
                ),
            },
            writable && {
              header: 'Actions',
              cell: (m) => (
                <>
                  <button
                    type="button"
                    className="secondary"
                    aria-label={`Remove ${m.email}`}
                    onClick={() => act(call(okAnswer, 'DELETE', `/api/config/team/${m.accountId}`))}
                  >
                    Remove
                  </button>{' '}
                  {m.accountId !== me.account.id && me.role === TEAM_ROLES.ADMIN ? (
                    <button type="button" className="secondary" aria-label={`Hand over the site to ${m.email}`} onClick={() => void handOver(m)}>
                      Hand over
                    </button>
                  ) : null}
                </>
              ),
            },
          ]}
        />
      ) : null}
      {invites && invites.invitations.length > 0 ? (
        <>
          <h2>Invitations waiting for an answer</h2>
          <ul>
            {invites.invitations.map((i) => (
              <li key={i.email + i.expiresAt}>
                {i.email} as {teamRoleLabel(i.role)}, until {new Date(i.expiresAt).toLocaleDateString()}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

function RoleChoice({ member, onChange }: { member: Member; onChange: (role: number) => void }) {
  return (
    <select aria-label={`Role of ${member.email}`} value={member.role} onChange={(e) => onChange(Number(e.target.value))}>
      {ROLE_CHOICES.map((r) => (
        <option key={r} value={r}>
          {teamRoleLabel(r)}
        </option>
      ))}
    </select>
  );
}
