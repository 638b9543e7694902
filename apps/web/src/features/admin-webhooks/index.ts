/** Admin → Webhooks (docs/integrations.md, "Webhooks"); mounted by features/admin inside the admin shell. */

export { WebhooksPage } from './components/webhooks-page';
