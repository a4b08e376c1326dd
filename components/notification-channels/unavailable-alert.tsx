import { Alert, AlertTitle } from '@/components/ui/alert';
import { channelsUnavailableReason } from '@/lib/notifications/data';

/** Why this console can neither save nor send to channels, on every channel page; nothing when it can. */
export function ChannelsUnavailableAlert() {
  const unavailable = channelsUnavailableReason();
  if (!unavailable) return null;
  return (
    <Alert data-testid="channels-unavailable">
      <AlertTitle>{unavailable}</AlertTitle>
    </Alert>
  );
}
