import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import esES from 'antd/locale/es_ES';
import { useEffect, type ReactNode } from 'react';
import { useBranding } from '../../lib/use-branding.ts';

/** Applies the provider's colour to Ant Design and its title to the document. */
function ThemedShell({ children }: { children: ReactNode }) {
  const branding = useBranding();
  useEffect(() => {
    document.title = branding.title;
  }, [branding.title]);
  return (
    <ConfigProvider
      locale={esES}
      theme={{
        token: {
          colorPrimary: branding.primaryColor,
          colorLink: branding.primaryColor,
          // Ant Design's default secondary grey is below WCAG AA contrast on white.
          colorTextDescription: 'rgba(0, 0, 0, 0.62)',
          colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
          // A darker red, so white text on danger buttons reaches AA contrast.
          colorError: '#c62828',
          borderRadius: 8,
        },
      }}
    >
      {children}
    </ConfigProvider>
  );
}

export function AppProviders({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={client}>
      <ThemedShell>{children}</ThemedShell>
    </QueryClientProvider>
  );
}
