export { useLatestPosts } from './api/get-latest-posts';
export { PostList } from './components/post-list';
