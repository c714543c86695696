/**
 * QA on the standalone cms (`nx serve cms`, `?scenario=` or the panel): the remote's own worlds
 * (CMS_STANDALONE_SCENARIOS) stay behind whatever scenario is picked, so the staff sign-in and
 * every /cms screen answer in each of them. The same resolution and handlers the harness starts.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MOCK_SIGN_IN_CODE, scenarioHandlers } from '@croft/mocks';
import { createMockServer } from '@croft/mocks/node';
import { standaloneScenarios } from '@croft/remote-harness';
import { CMS_STANDALONE_SCENARIOS } from './standalone-scenarios';
import { renderStaff, signOutQuietly } from './staff/testing';

const server = createMockServer([]);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  await signOutQuietly();
  server.resetHandlers();
});
afterAll(() => server.close());

/** The worlds the standalone cms starts with for this query string. */
const openStandalone = (search: string) => server.resetHandlers(...scenarioHandlers(standaloneScenarios(search, CMS_STANDALONE_SCENARIOS).ids));

async function signIn(email: string, { authenticator = false } = {}) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/Work email/), email);
  await user.click(screen.getByRole('button', { name: 'Send code' }));
  await user.type(await screen.findByLabelText(/6-digit code/), MOCK_SIGN_IN_CODE);
  await user.click(screen.getByRole('button', { name: 'Verify' }));
  if (authenticator) {
    await user.type(await screen.findByLabelText(/Code from your authenticator app/), MOCK_SIGN_IN_CODE);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
  }
}

describe('the standalone cms', () => {
  it('with no scenario: an editor signs in and the FAQ editor reads its questions', async () => {
    openStandalone('');
    renderStaff(`/cms/login?next=${encodeURIComponent('/cms/faq/home')}`);
    await signIn('ann.editor@croftcommon.co.uk');
    expect(await screen.findByRole('heading', { level: 1, name: 'FAQ editor' })).toBeInTheDocument();
    expect((await screen.findAllByRole('button', { name: /^Edit: / })).length).toBeGreaterThan(0);
  });

  it('with no scenario: a staff-only person signs in (authenticator app too) and manages the secret words', async () => {
    openStandalone('');
    renderStaff(`/cms/login?next=${encodeURIComponent('/cms/secret-words')}`);
    await signIn('sam.staff@croftcommon.co.uk', { authenticator: true });
    const active = await screen.findByRole('list', { name: /^Active words/ });
    expect(within(active).getAllByRole('listitem').length).toBeGreaterThan(0);
  });

  it('with no scenario: an editor signs in and the image editor shows home’s carousels', async () => {
    openStandalone('');
    renderStaff(`/cms/login?next=${encodeURIComponent('/cms/images/home')}`);
    await signIn('ann.editor@croftcommon.co.uk');
    const hero = await screen.findByRole('list', { name: /^Hero carousel/ });
    expect(within(hero).getAllByRole('listitem').length).toBeGreaterThan(0);
    expect(screen.getByRole('form', { name: 'Add an image to the hero carousel' })).toBeInTheDocument();
  });

  it('?scenario=content:review keeps the staff sign-in: an editor signs in and sees the review world’s drafts', async () => {
    openStandalone('?scenario=content:review');
    renderStaff(`/cms/login?next=${encodeURIComponent('/cms/review')}`);
    await signIn('ann.editor@croftcommon.co.uk');
    expect(await screen.findByRole('heading', { level: 2, name: 'Cafe · hero · title' })).toBeInTheDocument();
  });

  it('?scenario=identity:staff-editor answers the sign-in in front of the default staff world: a staff member signs in as an editor', async () => {
    openStandalone('?scenario=identity:staff-editor');
    renderStaff('/cms/login');
    await signIn('sam.staff@croftcommon.co.uk');
    expect(await screen.findByRole('heading', { level: 1, name: 'Content management' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/cms');
  });
});
