import { createElement } from 'react';

export default function App() {
  return createElement('main', null, createElement('h1', null, 'Hello from a federated remote'));
}
