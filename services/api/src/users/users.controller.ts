import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import {
  CreateUserBody,
  DeactivateUserBody,
  ListUsersBody,
  UpdateUserBody,
  createUserSchema,
  deactivateUserSchema,
  listUsersSchema,
  updateUserSchema,
} from '@reloc/contracts';
import { RewardsPatch, Role } from '@reloc/domain';
import { actorOf, CurrentUser } from '../auth/current-user';
import { Roles } from '../auth/roles.decorator';
import { validated } from '../infrastructure/http/validate';
import {
  CreateUserCommand,
  DeactivateUserCommand,
  DeleteUserCommand,
  UpdateUserCommand,
} from './commands/user-commands';
import { toStaffDto, toUserDto, UserRow, UsersReadModel } from './users.read-model';

/** Staff and users (spec §7 "Staff, users and billing"); managing them is the super admin's. */
@ApiTags('users')
@Controller()
export class UsersController {
  constructor(
    private readonly commands: CommandBus,
    private readonly users: UsersReadModel,
  ) {}

  @Post('users')
  @HttpCode(200)
  @Roles('SUPERADMIN')
  list(@Body() body: unknown) {
    const { roles, search } = validated<ListUsersBody>(listUsersSchema, body);
    return this.users.list(roles, search).map(toUserDto);
  }

  @Post('user')
  @Roles('SUPERADMIN')
  async create(@CurrentUser() me: UserRow, @Body() body: unknown) {
    const input = validated<CreateUserBody>(createUserSchema, body);
    const user = await this.commands.execute(
      new CreateUserCommand(actorOf(me), { ...input, role: input.role as Role }),
    );
    return toUserDto(user);
  }

  @Put('user')
  @Roles('SUPERADMIN')
  async update(@CurrentUser() me: UserRow, @Body() body: unknown) {
    const { email, rewards, role, ...rest } = validated<UpdateUserBody>(updateUserSchema, body);
    const user = await this.commands.execute(
      new UpdateUserCommand(actorOf(me), email, {
        ...rest,
        role: role as Role | undefined,
        rewards: rewards as RewardsPatch | undefined,
      }),
    );
    return toUserDto(user);
  }

  @Delete('user/:email')
  @Roles('SUPERADMIN')
  async remove(@CurrentUser() me: UserRow, @Param('email') email: string) {
    await this.commands.execute(new DeleteUserCommand(actorOf(me), email));
    return { message: 'ok' };
  }

  @Put('partner/:email/deactivate')
  @Roles('SUPERADMIN')
  async deactivate(
    @CurrentUser() me: UserRow,
    @Param('email') email: string,
    @Body() body: unknown,
  ) {
    const { replaceBy } = validated<DeactivateUserBody>(deactivateUserSchema, body);
    await this.commands.execute(new DeactivateUserCommand(actorOf(me), email, replaceBy));
    return { message: 'ok' };
  }

  @Get('partner/staff')
  staff() {
    return this.users.staff().map(toStaffDto);
  }
}
