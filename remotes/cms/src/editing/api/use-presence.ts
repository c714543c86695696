import { useEffect, useState } from 'react';
import { PRESENCE_HEARTBEAT_MS, type PresenceResponse, type TextKey } from '@croft/contracts';
import { useEditingClient } from './editing-context';

/**
 * "I have this text open": says so at once and every PRESENCE_HEARTBEAT_MS while mounted, and
 * open:false on the way out. Answers the other editors who have it open (by email). Presence is a
 * courtesy: a failed heartbeat is ignored and the next one tries again.
 */
export function useEditorPresence(key: TextKey): PresenceResponse['others'] {
  const client = useEditingClient();
  const [others, setOthers] = useState<PresenceResponse['others']>([]);
  const { page, section, content_key } = key;
  useEffect(() => {
    let live = true;
    const text = { page, section, content_key };
    const beat = () =>
      client.presence({ ...text, open: true }).then(
        (list) => live && setOthers(list),
        () => undefined,
      );
    void beat();
    const timer = setInterval(beat, PRESENCE_HEARTBEAT_MS);
    return () => {
      live = false;
      clearInterval(timer);
      client.presence({ ...text, open: false }).catch(() => undefined);
    };
  }, [client, page, section, content_key]);
  return others;
}
