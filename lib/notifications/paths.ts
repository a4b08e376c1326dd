/** The notification channel pages' URLs: plain functions, so server and browser code link with them. */
export const CHANNELS_HREF = '/notification-channels';
export const newChannelHref = () => `${CHANNELS_HREF}/new`;
export const channelHref = (id: string) => `${CHANNELS_HREF}/${encodeURIComponent(id)}`;
