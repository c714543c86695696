import { Link } from '@croft/router';
import { PageFrame } from '@croft/ui';

export function NotFound() {
  return (
    <PageFrame title="Page not found" section="home">
      <p>We looked behind the bar, in the hall and under the pizza oven. This page isn't here.</p>
      <p>
        <Link to="/">Back to the front door</Link>
      </p>
    </PageFrame>
  );
}
