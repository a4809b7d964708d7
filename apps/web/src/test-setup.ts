import { configure } from '@testing-library/react';

// CI runs these beside the server suites on two cores; a screen that takes two seconds to settle
// there is slow, not wrong. Waits still end as soon as the screen is right.
configure({ asyncUtilTimeout: 5000 });
