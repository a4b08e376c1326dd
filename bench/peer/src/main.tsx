/**
 * The bench's peer: the minimal react-admin app a team would start from, over the same
 * emulator's `/admin/ra` as the console, with guessed list views (ListGuesser) and nothing
 * hand-tuned, built with Vite as react-admin's documentation builds an app. No telemetry ping: the
 * bench's browser reaches loopback only, and a blocked request is not the app's own work. The
 * emulator wants a bearer token: the bench gets one for its machine client and
 * leaves it in localStorage (`bench.token`) before the page loads; the API address is the
 * page's `?api=` parameter.
 */
import { createRoot } from 'react-dom/client';
import { Admin, ListGuesser, Resource, fetchUtils } from 'react-admin';
import simpleRestProvider from 'ra-data-simple-rest';

const api = new URLSearchParams(window.location.search).get('api') ?? 'http://127.0.0.1:4410/admin/ra';

const httpClient = (url: string, options: fetchUtils.Options = {}) =>
  fetchUtils.fetchJson(url, {
    ...options,
    user: { authenticated: true, token: `Bearer ${localStorage.getItem('bench.token') ?? ''}` },
  });

const dataProvider = simpleRestProvider(api, httpClient);

createRoot(document.getElementById('root')!).render(
  <Admin dataProvider={dataProvider} disableTelemetry>
    <Resource name="messages" list={ListGuesser} />
    <Resource name="users" list={ListGuesser} />
  </Admin>,
);
