import { ConfigProvider } from 'antd';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import type { AppStore } from './store';
import { theme } from '../shared/theme';
import { AppRoutes } from './AppRoutes';
import { ErrorBanner } from '../shared/errors/ErrorBanner';
import { LazyStillWorking } from '../features/guardian/components/LazyStillWorking';

export function App({ store }: { store: AppStore }) {
  return (
    <Provider store={store}>
      <ConfigProvider theme={theme}>
        <BrowserRouter>
          <ErrorBanner />
          <AppRoutes />
          <LazyStillWorking />
        </BrowserRouter>
      </ConfigProvider>
    </Provider>
  );
}
