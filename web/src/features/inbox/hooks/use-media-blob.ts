import { useEffect, useState } from 'react';
import { tokenStore } from '../../../api/session';

/** Media images are fetched as blobs (with the access token) and shown through an object URL. */
export function useMediaBlob(url: string | null | undefined): string | null {
  const [objectUrl, setObjectUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!url) return;
    if (url.startsWith('data:') || url.startsWith('blob:')) {
      setObjectUrl(url);
      return;
    }
    let revoked = false;
    let created: string | null = null;
    const token = tokenStore.get();
    fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {}, credentials: 'include' })
      .then((res) => (res.ok ? res.blob() : Promise.reject(new Error(String(res.status)))))
      .then((blob) => {
        if (revoked) return;
        created = URL.createObjectURL(blob);
        setObjectUrl(created);
      })
      .catch(() => {
        if (!revoked) setObjectUrl(url);
      });
    return () => {
      revoked = true;
      if (created) URL.revokeObjectURL(created);
    };
  }, [url]);
  return objectUrl;
}
