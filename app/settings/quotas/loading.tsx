import { PageLoading } from '@/components/admin/page-loading'

export default function Loading() {
  return <PageLoading label="quotas" />
}
