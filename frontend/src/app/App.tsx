import { ConfigProvider, App as AntApp } from 'antd';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import type { AppStore } from './store';
import { AppRoutes } from './AppRoutes';
import { ErrorBanner } from '../shared/errors/ErrorBanner';

export function App({ store }: { store: AppStore }) {
  return (
    <Provider store={store}>
      <ConfigProvider theme={{ token: { colorPrimary: '#1677ff', borderRadius: 8 } }}>
        <AntApp>
          <BrowserRouter>
            <ErrorBanner />
            <AppRoutes />
          </BrowserRouter>
        </AntApp>
      </ConfigProvider>
    </Provider>
  );
}
