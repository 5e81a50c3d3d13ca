// Placeholder: replaced by the workspace's real entry point.
export {};
